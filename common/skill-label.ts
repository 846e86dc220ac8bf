/** docs/product.md#skill-levels: the stated level shows as "Unverified" until the player is verified. */
export function skillLabel(player: { isVerified: boolean; skillLevel: string }): string {
  return player.isVerified ? player.skillLevel : 'Unverified';
}
