/** §2 "Skill level is displayed as 'Unverified' when the player is not verified". */
export function skillLabel(player: { isVerified: boolean; skillLevel: string }): string {
  return player.isVerified ? player.skillLevel : 'Unverified';
}
