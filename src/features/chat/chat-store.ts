import { create } from 'zustand';

export interface ChatPost {
  title: string;
  content: string;
}

interface ChatState {
  /** The post the floating chat is about, or null when it is closed. */
  post: ChatPost | null;
  open: (post: ChatPost) => void;
  close: () => void;
}

/** Which post the chat panel is open for; its messages live in the panel (never stored). */
export const useChatStore = create<ChatState>()((set) => ({
  post: null,
  open: (post) => set({ post }),
  close: () => set({ post: null }),
}));
