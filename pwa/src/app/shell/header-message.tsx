import { useAtomValue } from 'jotai';
import { headerMessageAtom } from '../../lib/ui/header-message';

/** docs/product.md#screens header messages (Login required!, Login successful!…), announced to screen readers. */
export function HeaderMessage() {
  const message = useAtomValue(headerMessageAtom);
  return (
    <div className="header-message" role="status" aria-live="polite">
      {message && <p className="header-message__text container">{message}</p>}
    </div>
  );
}
