import { create } from 'zustand';

export interface ChatPost {
  /** Which post (its row id): the conversation belongs to it while its words change. */
  id?: string;
  title: string;
  content: string;
  /** Puts a rewrite the chat suggested into the post (one step of its undo history). */
  apply?: (text: string) => void;
}

interface ChatState {
  /** The post the floating chat is about, or null when it is closed. */
  post: ChatPost | null;
  open: (post: ChatPost) => void;
  /** The post's words changed while the chat is open (the author typed): the chat asks about the new ones. */
  follow: (id: string, content: string) => void;
  close: () => void;
}

/** Which post the chat panel is open for; its messages live in the panel (never stored). */
export const useChatStore = create<ChatState>()((set) => ({
  post: null,
  open: (post) => set({ post }),
  follow: (id, content) =>
    set((state) =>
      state.post?.id === id && state.post.content !== content ? { post: { ...state.post, content } } : state,
    ),
  close: () => set({ post: null }),
}));
