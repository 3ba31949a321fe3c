/**
 * The user-facing messages that more than one module shows, each under a code, written once
 * (docs/product.md §15). A module with messages of its own keeps them beside its code.
 */
export const messages = {
  no_connection: 'Unable to connect to the database. Please check your internet connection and try again.',
  session_expired: 'Session expired. Please sign in again.',
  connection_interrupted: 'Connection interrupted. Reconnecting...',
  rls_violation: 'Database row level security policy violation',
  record_exists: 'This record already exists',
  missing_reference: 'Referenced record does not exist',
  auth_required: 'Authentication required',
  permission_denied: 'You do not have permission to perform this action',
  not_found: 'Resource not found',
  value_rejected: 'One of the values is too long or not allowed. Please check what you entered.',
  value_missing: 'A required value is missing.',
  unexpected: 'An unexpected error occurred',
  copy_failed: 'Failed to copy text',
} as const;

export type MessageCode = keyof typeof messages;
