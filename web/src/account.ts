// The account this browser is signed into, if any. The session is the HttpOnly cookie
// `hustings_session` that SignUp and SignIn set: page scripts cannot read it, every
// same-origin call carries it, and this module never keeps the session token the
// responses also hold (it keeps only the Account). WhoAmI on load tells a signed-in page
// from a guest's.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api";
import type { Account } from "./gen/hustings/v1/hustings_pb";

/** The signed-in account; null for a guest; undefined until WhoAmI has answered. */
let current: Account | null | undefined;
let asked = false;
const listeners = new Set<() => void>();

function set(account: Account | null): void {
  current = account;
  for (const fn of listeners) fn();
}

/** Asks the server who the cookie names (UNAUTHENTICATED, or any failure: a guest). */
export function refreshAccount(): Promise<void> {
  asked = true;
  return api.whoAmI({}).then(
    (r) => set(r.account ?? null),
    () => set(null),
  );
}

/** The signed-in account as known now (see `current`). */
export function currentAccount(): Account | null | undefined {
  return current;
}

/** The signed-in account, redrawing on sign-in and sign-out (asks WhoAmI once per page). */
export function useAccount(): Account | null | undefined {
  const [account, setAccount] = useState(current);
  useEffect(() => {
    const on = () => setAccount(current);
    listeners.add(on);
    if (!asked) void refreshAccount();
    on();
    return () => {
      listeners.delete(on);
    };
  }, []);
  return account;
}

/** Makes an account and signs it in (the server sets the cookie). Throws the server's error. */
export async function signUp(handle: string, displayName: string, password: string): Promise<Account | undefined> {
  const r = await api.signUp({ handle, displayName, password });
  set(r.account ?? null);
  return r.account;
}

/** Signs in (the server sets the cookie). Throws the server's error. */
export async function signIn(handle: string, password: string): Promise<Account | undefined> {
  const r = await api.signIn({ handle, password });
  set(r.account ?? null);
  return r.account;
}

/** Ends the session (the server clears the cookie); a guest afterwards whatever the answer. */
export async function signOut(): Promise<void> {
  try {
    await api.signOut({});
  } finally {
    set(null);
  }
}

/** Ends every session of the account, this browser's too (the server clears the cookie);
 * a guest afterwards. Returns how many sessions ended. Throws the server's error (then
 * still signed in). */
export async function signOutEverywhere(): Promise<number> {
  const r = await api.signOutEverywhere({});
  set(null);
  return r.ended;
}

/** Changes the password (this browser's session stays; the others end). Returns how many
 * other sessions ended. Throws the server's error (a wrong current password …). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<number> {
  const r = await api.changePassword({ currentPassword, newPassword });
  return r.ended;
}

/** The name to join a seat with: a guest's own (or "Web player"); empty when signed in, for
 * the server to use the account's display name. */
export function joinName(guestName: string): string {
  return current ? "" : guestName || "Web player";
}
