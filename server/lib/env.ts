// Start-up settings read from the environment: an unset or empty variable takes its default, and a value out of
// range stops start-up with a message naming the variable, so a typo never runs the server with a surprise.

/** A whole number from `min` to `max`; `fallback` (which may be undefined) when unset. */
export function wholeFromEnv<F extends number | undefined>(env: NodeJS.ProcessEnv, name: string, fallback: F, min: number, max: number, unit = ''): number | F {
  const value = env[name];
  if (value == null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}, got '${value}'`);
  return n;
}

/** Any number (fractions too) from `min` to `max`; `fallback` when unset. */
export function numberFromEnv<F extends number | undefined>(env: NodeJS.ProcessEnv, name: string, fallback: F, min: number, max: number): number | F {
  const value = env[name];
  if (value == null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} must be a number from ${min} to ${max}, got '${value}'`);
  return n;
}
