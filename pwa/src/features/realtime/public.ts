/** What other features may use of realtime; the socket stays behind useRealtime's lazy import. */
export { NewOrdersBadge } from './new-orders-badge';
export { PushToggle } from './push-toggle';
export { loadPushToggle } from './load-push-toggle';
export { useOrdersSeen } from './new-orders-counter';
export { useRealtime } from './use-realtime';
export {
  currentPushState,
  forgetPushOnThisDevice,
  PUSH_SERVICE_TIMEOUT_MESSAGE,
  PushNotAllowedError,
  PushServiceTimeoutError,
  PUSH_SERVICE_TIMEOUT_MS,
  turnPushOff,
  turnPushOn,
  type PushEnvironment,
  type PushState,
} from './web-push';
