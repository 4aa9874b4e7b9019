// node --test eslint/: the door rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { deviceStoreDoor } from './device-store-door.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/device-store-door', deviceStoreDoor, {
  valid: [
    { filename: at('pwa/src/lib/storage/device-store.ts'), code: "const m = import('./db');" },
    { filename: at('pwa/src/lib/storage/db.ts'), code: "import Dexie from 'dexie';" },
    { filename: at('pwa/src/lib/storage/outbox.ts'), code: "import { Table } from 'dexie';" },
    { filename: at('pwa/src/features/cart/hooks/use-cart.ts'), code: "import { useDeviceQuery } from '../../../lib/storage/device-store';" },
    { filename: at('pwa/src/features/cart/__tests__/cart-panel.test.tsx'), code: "import { db } from '../../../lib/storage/db';" },
    { filename: at('api/src/cart/cart.service.ts'), code: "import Dexie from 'dexie';" },
  ],
  invalid: [
    {
      filename: at('pwa/src/features/cart/hooks/use-cart.ts'),
      code: "import { useLiveQuery } from 'dexie-react-hooks';",
      errors: [{ message: /Only lib\/storage\/ imports dexie-react-hooks/ }],
    },
    {
      filename: at('pwa/src/features/cart/hooks/use-cart.ts'),
      code: "import { db } from '../../../lib/storage/db';",
      errors: [{ message: /database module/ }],
    },
    { filename: at('pwa/src/app/shell/cart-button.tsx'), code: "const m = await import('../../lib/storage/db');", errors: [{ message: /database module/ }] },
    { filename: at('pwa/src/lib/hooks/use-thing.ts'), code: "import { Table } from 'dexie';", errors: [{ message: /Only lib\/storage\/ imports dexie/ }] },
    { filename: at('pwa/src/features/cart/__tests__/cart-panel.test.tsx'), code: "import { liveQuery } from 'dexie';", errors: 1 },
  ],
});
