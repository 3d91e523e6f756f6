/**
 * Set once this tab's account is deleted: the profile pages then stay quiet while the app goes
 * home, instead of sending a signed-out person to sign in (the server ends the session at once,
 * and the chat socket may notice before the navigation home is done).
 */
let deleted = false;

export function markAccountDeleted(): void {
  deleted = true;
}

export function wasAccountDeleted(): boolean {
  return deleted;
}
