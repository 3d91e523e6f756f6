/**
 * Sends web pushes (RFC 8030) with the payload encrypted for the browser (RFC 8291, aes128gcm)
 * and signed with the server's VAPID key (RFC 8292), through the `web-push` package.
 */
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import webPush, { WebPushError } from 'web-push';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service no longer knows the subscription (404/410); forget it. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export class WebPushSender implements PushSender {
  /** Kept-alive connections to the push services; trusting `extraCa` too when given. */
  private readonly agent: Agent;

  constructor(
    private readonly vapid: { subject: string; publicKey: string; privateKey: string },
    options: {
      /** PEM certificates of a private CA (a self-hosted push server), besides the usual ones. */
      extraCa?: string | null;
      onFailure?: (error: unknown) => void;
    } = {},
  ) {
    this.agent = new Agent({
      keepAlive: true,
      ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
    });
    this.onFailure = options.onFailure ?? (() => undefined);
  }

  private readonly onFailure: (error: unknown) => void;

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    try {
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          // A day: a browser offline longer gets the bell's count instead.
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          agent: this.agent,
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        return 'gone';
      }
      this.onFailure(error);
      return 'failed';
    }
  }
}

/**
 * Whether a subscription's endpoint is on a push service we send to: the server posts to it,
 * so an endpoint a client chose freely would let anyone make it call any address. Patterns are
 * origins, `https://*.host` for any subdomain of `host`.
 */
export function isKnownPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((pattern) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(pattern);
    if (!wildcard) return url.origin === pattern.replace(/\/+$/, '');
    return `${wildcard[1]}:` === url.protocol && url.host.endsWith(`.${wildcard[2]}`);
  });
}
