// What answers draw beneath them, and new chats never: one chunk, loaded with the first answer.
export { PinAction } from './pin-button.tsx';
export { StandsOnNote } from './stands-on-note.tsx';
