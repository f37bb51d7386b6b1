/**
 * What a conversation says when the instance answering it died mid-turn (a crash, a forced
 * restart, a lost network): shown as the conversation's error and kept as its last message.
 */
export const INTERRUPTED_TURN_MESSAGE =
  'This answer was interrupted: the server answering it stopped before it finished, and the SQL it was running was cancelled. Ask again to get an answer.';
