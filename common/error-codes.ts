/**
 * Every `code` an error answer `{message, code}` can carry, with what it means. The message is for people and may
 * be reworded; programs (our client included) branch on the code, which never changes once published. The
 * OpenAPI document lists the same codes.
 */
export const ERROR_CODES = {
  // Any route: what the shared parts answer.
  validation_failed: 'The request does not match its schema; `errors` lists each problem with its path',
  bad_request: 'The request cannot be read (malformed JSON, an empty body, an invalid address)',
  invalid_cursor: 'The paging cursor was not made by this server, or was altered',
  unauthenticated: 'Not signed in',
  forbidden: 'Signed in, but not allowed to do this',
  cross_site_refused: 'A browser marked this state-changing request as coming from another site',
  not_found: 'No such route or resource',
  conflict: 'The request conflicts with the current state',
  payload_too_large: 'The request body is too large',
  uri_too_long: 'The address is too long',
  headers_too_large: 'The request headers are too large',
  request_timeout: 'The request took too long to arrive',
  unsupported_media_type: 'The body is not sent as application/json',
  rate_limited: 'Too many requests: wait as long as Retry-After says (or the message, where it has no header)',
  internal_error: 'An unexpected failure; `requestId` identifies it in the server log',
  service_unavailable: 'The database cannot serve for the moment: retry after Retry-After seconds',

  // Accounts and sign-in.
  invalid_credentials: 'The e-mail, id, password or admin key is wrong',
  admin_session_expired: 'The admin token sent is invalid or has expired',
  admin_required: 'Signed in without admin rights',
  email_unconfirmed: 'The account has not confirmed its e-mail address yet',
  email_already_confirmed: 'The e-mail address is already confirmed',
  email_taken: 'An account or player already has this e-mail address',
  reserved_email_domain: 'The e-mail domain is reserved for developer accounts',
  reset_token_invalid: 'The password reset link is invalid or has expired',
  google_email_unverified: 'The Google account has no verified e-mail address',
  google_not_for_developers: 'A developer account cannot sign in with Google',
  google_account_conflict: 'The e-mail is linked to another Google account',
  account_created_concurrently: 'The same account was being created at the same moment: try again',
  developer_email_taken: "The developer account's e-mail belongs to another account",
  verification_mail_failed: 'The verification e-mail could not be sent: try again',
  password_incorrect: 'Deleting a password account needs its password, and the one given is missing or wrong',
  recent_sign_in_required: 'Deleting an account without a password needs a sign-in within the last 10 minutes',
  own_account_erasure: 'An admin deletes their own account as a member (DELETE /api/auth/user), not as an admin',

  // Players and their profiles.
  player_not_found: 'No such player',
  no_linked_player: 'No player profile is linked to the account',
  members_only: "The player's page is for signed-in members with a confirmed e-mail",
  not_your_profile: "Only the profile's owner or an admin may edit it",
  name_admin_only: "Only an admin may change a player's name",
  claim_instead: 'The profile exists unlinked: claim it rather than register it again',
  profile_unavailable: 'The profile is linked to another account',
  already_has_player: 'The account already has a player profile',
  own_email_only: 'A profile can be registered only with your own e-mail address',
  place_not_found: 'The place searched near could not be found',
  place_unknown:
    'A location field names no US place we know: send a ZIP code or "City, ST" (GET /api/locations/resolve)',
  merge_into_self: 'A player cannot be merged into itself',
  merge_linked_conflict: 'Both players are linked to different accounts, so neither can take the other in',
  merge_rating_conflict:
    'A rater rated both players and one of those ratings is taken down: restore it first, so the merge keeps the newer',

  // Claims of existing profiles (match requests).
  already_linked: 'The profile is already linked to your account',
  claim_already_pending: 'You already have a pending claim for this player',
  profile_pending_claim: 'Your pending claim for another profile must be withdrawn first',
  claim_not_found: 'No such claim (or not yours)',
  claim_already_reviewed: 'The claim was already approved or denied',
  claim_already_withdrawn: 'The claim was already withdrawn',
  player_already_linked: 'The player was linked to a user meanwhile',
  requester_has_player: 'The requester has a player profile meanwhile',

  // Ratings and their helpfulness.
  already_rated: 'You have rated this player already; `existingRatingId` names that rating',
  cannot_rate_self: 'Nobody rates their own profile',
  rating_not_found: 'No such rating',
  rating_not_yours: 'Only the rater or an admin may read this rating',
  ratings_received_private: 'Only the player or an admin may read the ratings the player received',
  helpfulness_not_rated_player: 'Only the rated player votes on the helpfulness of a rating',
  helpfulness_own_rating: 'Nobody votes on the helpfulness of their own rating',
  rating_already_removed: 'A moderator has already taken this rating down',
  rating_not_removed: 'The rating is not taken down, so there is nothing to restore',
  rating_restore_conflict: 'The rater has another standing rating of the player, so this one cannot come back',

  // Replies of the rated player.
  reply_not_rated_player: "Only the rated player's linked account replies to a rating",
  reply_not_found: 'The rating has no reply',
  reply_hidden: 'A moderator hid this reply: it can be deleted, not changed',

  // Verification of a player profile by e-mail code.
  verification_not_found: 'No unverified player has this e-mail address',
  verification_code_invalid: 'The verification code is wrong',
  verification_code_expired: 'The verification code has expired',
  verification_code_void: 'Too many wrong codes: request a new one',

  // Moderation and trust review.
  flag_not_found: 'No such flag',
  flag_already_reviewed: 'The flag was already resolved or reviewed',
  user_not_found: 'No such user',
  trust_computation_running: 'A trust computation is running: try again shortly',

  // Appeals of moderation decisions.
  decision_not_found: 'No such decision, or it does not concern the caller',
  appeal_not_allowed: 'The caller may not appeal this decision (their role, or its outcome, gives no appeal)',
  appeal_window_closed: 'The decision is older than the appeal window (6 months)',
  appeal_already_made: 'The caller has appealed this decision already',
  appeal_not_found: 'No such appeal',
  appeal_already_decided: 'The appeal was already decided',
  appeal_same_admin: 'The admin who made the decision may not decide its appeal',
  appeal_rule_required: 'Reversing a "keep" removes the rating, which needs a rule',
  appeal_cannot_reverse: 'The decision cannot be reversed (its rating was erased, or its state changed meanwhile)',

  // Reports and decisions.
  report_own_rating: 'Nobody reports their own rating',
  report_already_open: 'You already have an open report on this rating; it is decided once for all reporters',

  // Notifications.
  unsubscribe_token_invalid: 'The unsubscribe link was not made by this server, or was altered',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes as a list, for a zod or JSON Schema enum. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
