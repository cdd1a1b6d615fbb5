/** The time source of a service; tests pass their own to move time (to expire links and codes). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
