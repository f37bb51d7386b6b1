import { create } from 'zustand';
import { type CurrentUser, emptyUser } from '../session/current-user.ts';

interface UserState {
  user: CurrentUser;
  setUser: (user: CurrentUser) => void;
  setCredits: (credits: number, unlimited?: boolean) => void;
  reset: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: emptyUser,
  setUser: (user) => set({ user }),
  setCredits: (credits, unlimited = false) =>
    set((state) => ({ user: { ...state.user, credits, unlimitedCredits: unlimited } })),
  reset: () => set({ user: emptyUser }),
}));
