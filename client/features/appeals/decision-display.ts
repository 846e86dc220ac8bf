import type { AppealOutcome, DecisionOutcome, DecisionSource } from '@common/community';
import type { DecisionViewerRole } from '@common/schemas/appeals';

/* A decision in plain words (docs/product.md#appeals), for its statement page and the admins' Appeals screen. */

export const OUTCOME_WORDS: Record<DecisionOutcome, { label: string; sentence: string }> = {
  remove: { label: 'Rating removed', sentence: 'The rating was taken down: it is not shown or counted anywhere.' },
  'hide-comment': {
    label: 'Comments hidden',
    sentence: "The rating's comments were hidden from everyone but moderators; its scores still count.",
  },
  keep: { label: 'Rating kept', sentence: 'The rating was kept as it is.' },
  confirm: { label: 'Flag confirmed', sentence: 'The rating no longer counts in any estimate.' },
  dismiss: { label: 'Flag dismissed', sentence: 'The rating counts as before.' },
};

export const SOURCE_WORDS: Record<DecisionSource, string> = {
  report: 'after a member reported the rating',
  moderator: 'by a moderator reviewing the rating',
  'automatic-hold': 'after our automatic check held its text for review',
  collusion: 'after a check for coordinated ratings',
  burst: 'after a check for a burst of ratings from new accounts',
};

export const ROLE_WORDS: Record<DecisionViewerRole, string> = {
  rater: 'You wrote this rating.',
  reporter: 'You reported this rating.',
  'rated-player': 'This rating is about you.',
  admin: 'You are reading this as an admin.',
};

export const APPEAL_OUTCOME_WORDS: Record<AppealOutcome, { label: string; sentence: string }> = {
  upheld: { label: 'Decision upheld', sentence: 'A different moderator looked again and the decision stands.' },
  reversed: { label: 'Decision reversed', sentence: 'A different moderator looked again and reversed the decision.' },
};

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
