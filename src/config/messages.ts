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
  server_interrupted:
    'The server stopped this request before it finished. Nothing was changed: please try again.',
  copy_failed: 'Failed to copy text',
  edit_save_failed: 'Could not save your changes. Your text is still here — please try again.',
  post_not_found: 'Post not found',
  post_status_failed: "Couldn't change the post's status.",
  post_plan_failed: "Couldn't save the post's plan.",
  post_delete_failed: "Couldn't delete the post.",
  check_connection_and_retry: 'Check your connection and try again.',
  image_empty: 'That file is empty. Choose a JPEG, PNG, GIF or WebP image.',
  image_not_an_image: 'That file is not an image this app can use. Choose a JPEG, PNG, GIF or WebP image.',
  image_corrupt: 'That image could not be read: the file may be damaged. Try another image.',
  image_too_large: 'Images can be at most 5 MB.',
  image_one_only: 'A post can have one image: the first one was used.',
  image_upload_failed:
    'The image could not be uploaded, so nothing was saved. Your text and image are still here — please try again.',
  image_quota_full:
    'Your image storage is full. Delete posts whose images you no longer need, then try again.',
  image_unavailable: 'Image unavailable',
  image_or_carousel:
    'A post can have an image or a carousel, not both. Remove the one before you add the other.',
  rewrite_failed: 'Could not rewrite the post. Please try again.',
  rewrite_kept: 'The rewrite did not finish, so your post is as it was before.',
  rewrite_stopped: 'Rewrite stopped. Your post is as it was before.',
} as const;

export type MessageCode = keyof typeof messages;
