import { z } from 'zod';
import { requireRole } from '../../admin/auth';

export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
export const idParams = z.object({ id });
export const admin = requireRole('admin');
export const staff = requireRole('admin', 'editor');
