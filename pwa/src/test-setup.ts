// The app's texts (i18next, English), as start-app has them before the first render.
import './i18n/i18n';
import { configure } from '@testing-library/react';

// findBy…/waitFor poll until this deadline (Testing Library's default is 1 s). The unit tests share the
// CI machine's 2 cores with the API's tests and the browser journeys (docs/decisions/0078-ci-in-parallel.md),
// where a page that reads Dexie first can take longer than 1 s to draw; a test still fails when the
// awaited thing never comes, only later.
configure({ asyncUtilTimeout: 5000 });
