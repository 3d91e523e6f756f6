export { ToastProvider } from './ToastProvider';
export {
  toastDurations,
  useToast,
  type ToastApi,
  type ToastOptions,
  type ToastType,
} from './toast-context';
