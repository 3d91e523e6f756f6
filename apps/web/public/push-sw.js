// Kinora's service worker: web push only (issue 21 item 2). A push carries one notification as
// the app words it ({ title, body, url, tag, icon }); it is shown only when no tab of the site
// is visible, since a visible tab's bell shows it already. A click opens (or focuses) the page
// it is about. Nothing is cached here: the app works as before without it.

/** A path of this site, or the home page: a push never sends the browser elsewhere. */
function sameSitePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(message.title, {
        body: typeof message.body === 'string' ? message.body : '',
        tag: typeof message.tag === 'string' ? message.tag : undefined,
        icon: sameSitePath(message.icon) === '/' ? '/icon-192.png' : message.icon,
        badge: '/icon-192.png',
        data: { url: sameSitePath(message.url) },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(sameSitePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => 'focus' in client);
      if (open) {
        await open.focus();
        if ('navigate' in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
