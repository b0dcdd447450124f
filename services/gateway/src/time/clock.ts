/** The gateway's notion of now; tests replace it to cross UTC midnight without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
