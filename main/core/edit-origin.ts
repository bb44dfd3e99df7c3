/**
 * Whether the store change being reported is the user's own edit. The store is synchronous,
 * so a change event fires inside the edit that caused it: a service runs the user's edit in
 * `user(fn)`, and the change listener asks `isUser()` while it reports. Anything else that
 * writes the store (sync, the account refresh) writes outside that scope.
 */
export class EditOrigin {
  private inUserEdit = false;

  user<T>(fn: () => T): T {
    const outer = this.inUserEdit;
    this.inUserEdit = true;
    try {
      return fn();
    } finally {
      this.inUserEdit = outer;
    }
  }

  isUser(): boolean {
    return this.inUserEdit;
  }
}
