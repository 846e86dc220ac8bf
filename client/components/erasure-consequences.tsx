/**
 * What erasing an account does, in plain words (docs/product.md#your-data): the same list on the person's own Account
 * screen ("you") and in the admin's Erase dialog ("they"). `player`: whether to say what becomes of a player profile
 * (the Account screen knows whether there is one; the admin's list does not).
 */
export function ErasureConsequences({ who, player = true }: { who: 'you' | 'they'; player?: boolean }) {
  const your = who === 'you' ? 'your' : 'their';
  const you = who;
  const items = [
    `The account, with ${your} name and e-mail address, is erased, and ${you} are signed out everywhere.`,
    `The ratings ${you} wrote are erased: they disappear from players’ pages and stop counting in their numbers. ${capitalize(your)} points, badges and leaderboard place go with them.`,
    `The helpfulness votes ${you} cast, ${your} profile claims and ${your} launch-list sign-up are erased.`,
    ...(player
      ? [
          `${capitalize(your)} player profile stays, with the ratings others gave it, but no longer belongs to any account, unless “Also delete ${who === 'you' ? 'my' : 'their'} player profile” is ticked: then it is deleted with the ratings about it.`,
        ]
      : []),
    `This cannot be undone. The same e-mail address can sign up again later, as a new account.`,
  ];
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm leading-relaxed text-stone-700 marker:text-stone-400">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
