/** Two decimals: how every published estimate, interval and score is given. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;
