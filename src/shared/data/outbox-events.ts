// Kept apart from outbox-page.ts so the shell can listen for it without loading the device database's code.

/** Dispatched on window when something is kept in the outbox: the shell shows the outbox at once then. */
export const OUTBOX_KEPT_EVENT = 'archive:outbox-kept';
