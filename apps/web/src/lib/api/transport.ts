import { authStatusHeader } from '@kinora/contract';

/**
 * The two ways a request leaves the browser: fetch for JSON, XMLHttpRequest for multipart
 * (fetch cannot report upload progress). Both hand back the same raw answer for the client.
 */
export interface RawAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
  /** `invalid` when the server answered as to a visitor because it refused the token sent. */
  authStatus: string | null;
}

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export class NetworkFailure extends Error {
  override readonly name = 'NetworkFailure';
}

export async function sendWithFetch(
  request: TransportRequest & { body?: string | undefined },
): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'include',
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new NetworkFailure(error instanceof Error ? error.message : 'Network request failed');
  }
  return {
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get('Retry-After'),
    authStatus: response.headers.get(authStatusHeader),
  };
}

/**
 * Sends a multipart form and reports upload progress in percent. Progress stops at 90 while the
 * server is still working on the file (resizing, probing) and the caller reports 100 once it
 * has answered, so the bar never sits at 100 with nothing happening.
 */
export function sendWithXhr(
  request: TransportRequest & { body: FormData; onUploadProgress?: (percent: number) => void },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);

    const report = request.onUploadProgress;
    if (report) {
      report(0);
      xhr.upload.addEventListener('progress', (event) => {
        if (!event.lengthComputable || event.total === 0) return;
        report(Math.min(90, Math.round((event.loaded / event.total) * 100)));
      });
    }

    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: xhr.getResponseHeader('Retry-After'),
        authStatus: xhr.getResponseHeader(authStatusHeader),
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new NetworkFailure('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(request.body);
  });
}
