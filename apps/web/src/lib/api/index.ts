export {
  api,
  buildUrl,
  renewAccessToken,
  sessionEvents,
  type ApiOptions,
  type FilesOf,
} from './client';
export { ApiError, errorMessage, isApiError, messageOf, type ApiErrorCode } from './api-error';
export { InvalidAnswerError } from './answer-check';
export { endpointQuery, type BareEndpoint } from './endpoint-query';
export { apiBase } from './config';
export {
  clearAccessToken,
  getAccessToken,
  mayHoldSession,
  sessionStorageKeys,
  setAccessToken,
} from './token-store';
