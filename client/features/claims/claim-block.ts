/** Why a player profile cannot be claimed (docs/product.md#claim-rules), as the toast shows it; null when it can be. */
export type ClaimBlock = { title: string; description: string };

export function claimBlock(
  player: { id: number; userId: string | null },
  viewer: { isAuthenticated: boolean; userId: string | null; linkedPlayerId: number | null },
): ClaimBlock | null {
  if (!viewer.isAuthenticated) {
    return { title: 'Authentication required', description: 'Please sign in to claim a player profile.' };
  }
  if (player.id === viewer.linkedPlayerId || (player.userId !== null && player.userId === viewer.userId)) {
    return { title: 'Already linked', description: 'This player profile is already linked to your account.' };
  }
  if (player.userId !== null) {
    return { title: 'Profile unavailable', description: 'This player profile is already linked to another account.' };
  }
  return null;
}
