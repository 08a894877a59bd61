// The installation must always keep one admin: nobody else can create accounts or change sites.
import { badRequest } from '../errors';
import type { Role, Store, UserRow } from '../store/types';

export const LAST_ADMIN_DEMOTE = 'The last admin cannot become an editor.';
export const LAST_ADMIN_DELETE = 'The last admin cannot be deleted.';

async function isLastAdmin(store: Store, user: Pick<UserRow, 'id' | 'role'>): Promise<boolean> {
  if (user.role !== 'admin') return false;
  const admins = (await store.admin.listUsers()).filter((u) => u.role === 'admin');
  return admins.length === 1 && admins[0].id === user.id;
}

/** Throws 400 when a role change would leave no admin. */
export async function assertRoleChangeKeepsAnAdmin(store: Store, user: Pick<UserRow, 'id' | 'role'>, next: Role | undefined) {
  if (next === 'editor' && (await isLastAdmin(store, user))) throw badRequest(LAST_ADMIN_DEMOTE);
}

/** Throws 400 when deleting the account would leave no admin. */
export async function assertDeleteKeepsAnAdmin(store: Store, user: Pick<UserRow, 'id' | 'role'>) {
  if (await isLastAdmin(store, user)) throw badRequest(LAST_ADMIN_DELETE);
}
