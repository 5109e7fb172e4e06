/**
 * A public link that cannot be right (its coach or guest segment is not a uuid): spec public-and-guest §8
 * "Self-register"'s words, which fit any link a coach sends, so every public page says it before anything else.
 */
export const INVALID_LINK = 'Invalid link. Please use the link exactly as provided to you by your coach';
