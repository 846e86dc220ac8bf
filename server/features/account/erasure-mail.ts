import type { Mail } from '../../lib/mailer';
import type { ErasureReply } from '../../../common/schemas/account';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const PLAYER_OUTCOMES: Record<ErasureReply['erased']['playerProfile'], string | null> = {
  none: null,
  unlinked: 'Your player profile was unlinked from the account and kept, with the ratings about it.',
  deleted: 'Your player profile was deleted, with the ratings about it.',
};

/** The confirmation an erased account's address receives: what was erased, counted (docs/product.md#your-data). */
export function erasureMail(to: string, { erased }: ErasureReply, byAdmin: boolean): Mail {
  const lines = [
    byAdmin
      ? 'An administrator of Pickleball Ratings has deleted your account, as asked.'
      : 'Your Pickleball Ratings account has been deleted, as you asked.',
    '',
    'What was erased:',
    `- your account, with your name and e-mail address`,
    `- ${count(erased.ratings, 'rating', 'ratings')} you wrote (they no longer show on players' pages or count anywhere)`,
    `- ${count(erased.votes, 'helpfulness vote', 'helpfulness votes')} you cast`,
    `- ${count(erased.badges, 'badge', 'badges')} and your points`,
    `- ${count(erased.sessions, 'signed-in session', 'signed-in sessions')}`,
    `- ${count(erased.claims, 'profile claim', 'profile claims')}`,
    `- ${count(erased.signups, 'launch-list sign-up', 'launch-list sign-ups')}`,
    `- ${count(erased.replies, 'reply', 'replies')} you wrote to ratings, ${count(erased.reports, 'report', 'reports')} you filed and ${count(erased.appeals, 'appeal', 'appeals')} you made`,
    `- ${count(erased.notifications, 'notification', 'notifications')} and your e-mail settings`,
    ...(erased.playerProfile === 'deleted'
      ? [`- ${count(erased.ratingsAboutPlayer, 'rating', 'ratings')} about your player profile`]
      : []),
  ];
  const player = PLAYER_OUTCOMES[erased.playerProfile];
  return {
    to,
    subject: 'Your Pickleball Ratings account has been deleted',
    text: [
      ...lines,
      ...(player ? ['', player] : []),
      '',
      'You can sign up again with this address at any time; it will be a new account.',
      'This is the last e-mail we send to this address about the account.',
    ].join('\n'),
  };
}
