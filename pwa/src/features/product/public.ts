// What other features may use of product/: its face. Import product/ only from here.
export { NotifyMeButton } from './components/notify-me-button';
