type NavigateOptions = { replace?: boolean; state?: unknown };
type Navigate = (path: string, options?: NavigateOptions) => void;

// Until the router registers itself, a full page load is the only way to move.
let navigate: Navigate = (path, options) => (options?.replace ? window.location.replace(path) : window.location.assign(path));

/** The app's router hands its navigate function here, so code outside React can move the user. */
export function registerNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Moves the user from outside React (the HTTP client's session end, the outbox). */
export function navigateTo(path: string, options?: NavigateOptions): void {
  navigate(path, options);
}
