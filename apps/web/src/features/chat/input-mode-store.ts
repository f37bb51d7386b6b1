import { create } from 'zustand';

export type InputMode = 'text' | 'sql';

/**
 * Text or SQL, kept for the session rather than per screen: a first SQL query sent from /chat/new
 * opens /chat/{id}, and the user expects to be still writing SQL there.
 */
export const useInputModeStore = create<{ mode: InputMode; setMode: (mode: InputMode) => void }>()((set) => ({
  mode: 'text',
  setMode: (mode) => set({ mode }),
}));
