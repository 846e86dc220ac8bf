import { useAppConfig } from '@client/lib/use-auth';
import { FlaskConical } from 'lucide-react';
import { useMatch } from 'react-router';

/** The command that removes the demo world (package.json), as the server's start line names it. */
const REMOVE_COMMAND = 'npm run demo:remove';

/**
 * While a development start's demo world is in the database (docs/decisions/018), every page says that its players
 * are made up, and a demo player's page says so of that player. Drawn from the config the page starts with, so a
 * pre-rendered page carries it and asks nothing more.
 */
export function DemoWorldBanner() {
  const world = useAppConfig().data?.demoWorld;
  const playerId = Number(useMatch('/players/:id/*')?.params.id);
  if (!world) return null;
  const onDemoPlayer = Number.isInteger(playerId) && playerId >= 1 && playerId <= world.lastPlayerId;
  return (
    <aside aria-label="Demo data" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm sm:px-6">
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Demo data:</strong>{' '}
          {onDemoPlayer
            ? `this player, their ratings and their raters are made up, like the other ${world.players - 1} players of this development server's demo world.`
            : `the ${world.players} players of this development server's demo world, their ratings and their raters are made up.`}{' '}
          <code className="rounded bg-amber-200/70 px-1 font-mono text-[0.8125rem] whitespace-nowrap">
            {REMOVE_COMMAND}
          </code>{' '}
          removes them.
        </span>
      </p>
    </aside>
  );
}
