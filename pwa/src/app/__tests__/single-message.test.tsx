import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { totalsOf } from '@haat/shared/money/pricing';
import { useLogout } from '../../features/account/components/account-menu';
import { LoginPage } from '../../features/auth/login.page';
import { usePlaceOrder } from '../../features/checkout/hooks/use-place-order';
import { headerMessageAtom } from '../../lib/ui/header-message';
import { http } from '../../lib/http/http';
import { setSessionUser } from '../../lib/http/session';
import { toastsAtom } from '../../lib/ui/toast';
import { tokens } from '../../lib/http/tokens';
import { clearUserData } from '../../lib/storage/user-data';
import { withLocalApiServer } from '../../test-support/with-local-api-server';
import { HeaderMessage } from '../shell/header';
import { Toaster } from '../shell/toaster';

/**
 * Login and logout each show ONE message (the header's), not the header's and a
 * toast of the server's words at once; "Please select a delivery address." keeps its period.
 * The API is a real local HTTP server answering like Haat's (its own success messages included).
 */
const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
withLocalApiServer((req, res) => {
  const reply = (payload: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/user/login')
      return reply({ success: true, error: false, message: 'Login successfully', data: { accesstoken: 'a1', refreshToken: 'r1' } });
    if (req.url === '/api/user/user-details') return reply({ success: true, error: false, message: 'User details', data: USER });
    if (req.url === '/api/user/logout') return reply({ success: true, error: false, message: 'Logout successfully' });
    if (req.url === '/api/barrier') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ success: false, error: true, message: 'The barrier.' }));
    }
    return reply({ success: true, error: false, message: 'ok', data: [] });
  });
});

beforeEach(async () => {
  await clearUserData();
  tokens.clear();
  setSessionUser(null);
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(headerMessageAtom, null);
});
afterEach(() => cleanup());

/** Every message on screen: the header's line and each toast. */
const messagesShown = () => [...document.querySelectorAll('.header-message__text, .toast > span')].map((el) => el.textContent);

/** Every message shown since the test began, in order, even one already gone. */
let everShown: string[] = [];
let stopRecording = () => {};
beforeEach(() => {
  const store = getDefaultStore();
  const toastIds = new Set<number>();
  everShown = [];
  const offHeader = store.sub(headerMessageAtom, () => {
    const message = store.get(headerMessageAtom);
    if (message) everShown.push(message);
  });
  const offToasts = store.sub(toastsAtom, () => {
    for (const toast of store.get(toastsAtom)) {
      if (toastIds.has(toast.id)) continue;
      toastIds.add(toast.id);
      everShown.push(toast.message);
    }
  });
  stopRecording = () => (offHeader(), offToasts());
});
afterEach(() => stopRecording());

/** Longer than any message lives: a message the event brings late comes within it. */
const LATE_MS = 10_000;

/**
 * Lets whatever could still bring a message do so, without waiting on the wall clock
 * (docs/testing.md): the app's timers run LATE_MS ahead (the test moves
 * their clock), then a request sent now through the same client answers with an error, whose toast comes
 * after the answer of any request sent before it. "The barrier." is the only message it adds.
 */
async function letLateMessagesCome(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(LATE_MS));
  await act(() =>
    http.get('barrier', { retry: 0 }).then(
      () => undefined,
      () => undefined,
    ),
  );
  await screen.findByText('The barrier.');
}

function App({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/login']}>
      <HeaderMessage />
      <Toaster />
      {children}
    </MemoryRouter>
  );
}

describe('one message per event', () => {
  // The app's timers (a message's end, a toast's) run on a clock the test moves; otherwise time flows as usual.
  beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('login shows "Login successful!" alone', async () => {
    render(
      <App>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </App>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: USER.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'first-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Home page');
    await waitFor(() => expect(messagesShown()).toEqual(['Login successful!']));
    await letLateMessagesCome();
    expect(everShown).toEqual(['Login successful!', 'The barrier.']);
    expect(messagesShown()).toEqual(['The barrier.']); // the clock moved: the header's message has ended
  });

  it('logout shows "Logout successful!" alone', async () => {
    tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
    setSessionUser(USER as never);
    const { result } = renderHook(() => useLogout(), { wrapper: App });
    await act(() => result.current());
    await waitFor(() => expect(messagesShown()).toEqual(['Logout successful!']));
    await letLateMessagesCome();
    expect(everShown).toEqual(['Logout successful!', 'The barrier.']);
    expect(messagesShown()).toEqual(['The barrier.']); // the clock moved: the header's message has ended
  });
});

describe('checkout copy', () => {
  it('"Please select a delivery address." keeps its period, for both ways to pay', async () => {
    const { result } = renderHook(() => usePlaceOrder([], totalsOf([])), { wrapper: App });
    await act(() => result.current.cashOnDelivery(undefined));
    expect(messagesShown()).toEqual(['Please select a delivery address.']);
    // A repeated message replaces the one on screen rather than stacking, so clear it to see Pay Online's own.
    act(() => getDefaultStore().set(toastsAtom, []));
    act(() => result.current.payOnline(undefined));
    expect(messagesShown()).toEqual(['Please select a delivery address.']);
  });
});
