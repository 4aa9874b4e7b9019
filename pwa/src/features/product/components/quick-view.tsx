import { lazy, Suspense, useState } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';

// The Ionic modal is fetched on the first Quick view, not with the product page.
const QuickViewModal = lazy(async () => ({ default: (await import('./quick-view-modal')).QuickViewModal }));

/** Mounts the modal from the first time a product is chosen (so it can animate closed afterwards). */
export function QuickView({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  if (product && !used) setUsed(true);
  if (!used && !product) return null;
  return (
    <Suspense fallback={null}>
      <QuickViewModal product={product} onClose={onClose} />
    </Suspense>
  );
}
