export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      post_results: {
        Row: {
          comments: number | null;
          engagements: number | null;
          impressions: number | null;
          members_reached: number | null;
          post_id: string;
          reactions: number | null;
          read_at: string;
          reshares: number | null;
          source: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          comments?: number | null;
          engagements?: number | null;
          impressions?: number | null;
          members_reached?: number | null;
          post_id: string;
          reactions?: number | null;
          read_at: string;
          reshares?: number | null;
          source: string;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          comments?: number | null;
          engagements?: number | null;
          impressions?: number | null;
          members_reached?: number | null;
          post_id?: string;
          reactions?: number | null;
          read_at?: string;
          reshares?: number | null;
          source?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'post_results_post_id_fkey';
            columns: ['post_id'];
            isOneToOne: true;
            referencedRelation: 'posts';
            referencedColumns: ['id'];
          },
        ];
      };
      posting_schedules: {
        Row: {
          slots: string[];
          time_zone: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          slots?: string[];
          time_zone: string;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          slots?: string[];
          time_zone?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      posts: {
        Row: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          calendar_at?: string;
          carousel_path?: string | null;
          carousel_slides?: Json | null;
          carousel_title?: string | null;
          content: string;
          created_at?: string;
          first_comment?: string | null;
          first_comment_error?: string | null;
          first_comment_status?: string | null;
          first_comment_urn?: string | null;
          id?: string;
          image_alt?: string | null;
          image_path?: string | null;
          is_published?: boolean;
          linkedin_post_url?: string | null;
          linkedin_post_urn?: string | null;
          next_attempt_at?: string | null;
          planned_at?: string | null;
          publish_attempts?: number;
          publish_claimed_at?: string | null;
          publish_error?: string | null;
          publish_error_kind?: string | null;
          publish_sent_at?: string | null;
          publish_status?: string;
          published_at?: string | null;
          topic: string;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          calendar_at?: string;
          carousel_path?: string | null;
          carousel_slides?: Json | null;
          carousel_title?: string | null;
          content?: string;
          created_at?: string;
          first_comment?: string | null;
          first_comment_error?: string | null;
          first_comment_status?: string | null;
          first_comment_urn?: string | null;
          id?: string;
          image_alt?: string | null;
          image_path?: string | null;
          is_published?: boolean;
          linkedin_post_url?: string | null;
          linkedin_post_urn?: string | null;
          next_attempt_at?: string | null;
          planned_at?: string | null;
          publish_attempts?: number;
          publish_claimed_at?: string | null;
          publish_error?: string | null;
          publish_error_kind?: string | null;
          publish_sent_at?: string | null;
          publish_status?: string;
          published_at?: string | null;
          topic?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      profiles: {
        Row: {
          about_me: string | null;
          ai_engine: string;
          ai_model: string | null;
          brand_color: string | null;
          carousel_format: string | null;
          carousel_theme: string | null;
          company: string | null;
          created_at: string;
          dash_style: string | null;
          emoji_level: string | null;
          end_with_question: boolean | null;
          full_name: string | null;
          id: string;
          industry: string | null;
          language_preference: string | null;
          list_style: string | null;
          max_hashtags: number | null;
          paragraph_style: string | null;
          role: string | null;
          updated_at: string;
          voice_profile: Json | null;
          website: string | null;
          writing_style: string | null;
        };
        Insert: {
          about_me?: string | null;
          ai_engine?: string;
          ai_model?: string | null;
          brand_color?: string | null;
          carousel_format?: string | null;
          carousel_theme?: string | null;
          company?: string | null;
          created_at?: string;
          dash_style?: string | null;
          emoji_level?: string | null;
          end_with_question?: boolean | null;
          full_name?: string | null;
          id: string;
          industry?: string | null;
          language_preference?: string | null;
          list_style?: string | null;
          max_hashtags?: number | null;
          paragraph_style?: string | null;
          role?: string | null;
          updated_at?: string;
          voice_profile?: Json | null;
          website?: string | null;
          writing_style?: string | null;
        };
        Update: {
          about_me?: string | null;
          ai_engine?: string;
          ai_model?: string | null;
          brand_color?: string | null;
          carousel_format?: string | null;
          carousel_theme?: string | null;
          company?: string | null;
          created_at?: string;
          dash_style?: string | null;
          emoji_level?: string | null;
          end_with_question?: boolean | null;
          full_name?: string | null;
          id?: string;
          industry?: string | null;
          language_preference?: string | null;
          list_style?: string | null;
          max_hashtags?: number | null;
          paragraph_style?: string | null;
          role?: string | null;
          updated_at?: string;
          voice_profile?: Json | null;
          website?: string | null;
          writing_style?: string | null;
        };
        Relationships: [];
      };
      topic_ideas: {
        Row: {
          created_at: string;
          id: string;
          topic: string;
          used_count: number;
          user_id: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          topic: string;
          used_count?: number;
          user_id?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          topic?: string;
          used_count?: number;
          user_id?: string;
        };
        Relationships: [];
      };
      voice_samples: {
        Row: {
          content: string;
          created_at: string;
          id: string;
          user_id: string;
        };
        Insert: {
          content: string;
          created_at?: string;
          id?: string;
          user_id?: string;
        };
        Update: {
          content?: string;
          created_at?: string;
          id?: string;
          user_id?: string;
        };
        Relationships: [];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      api_results_posts: {
        Args: { p_user_id: string };
        Returns: {
          api_read_at: string;
          linkedin_post_url: string;
          post_id: string;
          published_at: string;
        }[];
      };
      begin_first_comment: {
        Args: { p_post_id: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      claim_due_posts: {
        Args: { max_posts: number; stale_after_seconds: number };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      claim_post_for_publishing: {
        Args: { p_post_id: string; p_user_id: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      consume_ai_address_quota: {
        Args: {
          client_address: string;
          request_limit: number;
          window_seconds: number;
        };
        Returns: {
          allowed: boolean;
          retry_after_seconds: number;
        }[];
      };
      consume_ai_quotas: {
        Args: {
          address_limit: number;
          client_address: string;
          request_limit: number;
          session_id: string;
          user_id: string;
          window_seconds: number;
        };
        Returns: {
          address_allowed: boolean;
          address_retry_after_seconds: number;
          allowed: boolean;
          retry_after_seconds: number;
        }[];
      };
      consume_ai_user_quota: {
        Args: {
          request_limit: number;
          session_id: string;
          user_id: string;
          window_seconds: number;
        };
        Returns: {
          allowed: boolean;
          retry_after_seconds: number;
        }[];
      };
      count_topic_use: {
        Args: { idea_id: string };
        Returns: {
          created_at: string;
          id: string;
          topic: string;
          used_count: number;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'topic_ideas';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      fail_first_comment: {
        Args: { p_message: string; p_post_id: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      fail_publishing: {
        Args: {
          p_kind: string;
          p_message: string;
          p_post_id: string;
          p_retry_at: string;
        };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      finish_first_comment: {
        Args: { p_post_id: string; p_urn: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      finish_publishing: {
        Args: { p_post_id: string; p_url: string; p_urn: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      forget_history_posts: {
        Args: { ids: string[]; since: string };
        Returns: undefined;
      };
      import_post_results: { Args: { results: Json }; Returns: number };
      keep_history_posts: {
        Args: { posts: Json };
        Returns: {
          id: string;
          kept_at: string;
        }[];
      };
      linkedin_begin_connect: {
        Args: { p_session_id: string; p_state_hash: string; p_user_id: string };
        Returns: undefined;
      };
      linkedin_connection: {
        Args: { p_user_id: string };
        Returns: {
          access_token: string;
          connected_at: string;
          expires_at: string;
          member_id: string;
          member_name: string;
          status: string;
        }[];
      };
      linkedin_disconnect: { Args: { p_user_id: string }; Returns: undefined };
      linkedin_revoke_connection: {
        Args: { p_user_id: string };
        Returns: undefined;
      };
      linkedin_save_connection: {
        Args: {
          p_access_token: string;
          p_expires_at: string;
          p_member_id: string;
          p_member_name: string;
          p_scopes: string;
          p_user_id: string;
        };
        Returns: undefined;
      };
      linkedin_take_state: {
        Args: { p_session_id: string; p_state_hash: string; p_user_id: string };
        Returns: boolean;
      };
      mark_publish_sent: { Args: { p_post_id: string }; Returns: undefined };
      note_results_refresh: {
        Args: { p_outcome: string; p_until?: string; p_user_id: string };
        Returns: undefined;
      };
      queue_post: {
        Args: { post_id: string };
        Returns: {
          calendar_at: string;
          carousel_path: string | null;
          carousel_slides: Json | null;
          carousel_title: string | null;
          content: string;
          created_at: string;
          first_comment: string | null;
          first_comment_error: string | null;
          first_comment_status: string | null;
          first_comment_urn: string | null;
          id: string;
          image_alt: string | null;
          image_path: string | null;
          is_published: boolean;
          linkedin_post_url: string | null;
          linkedin_post_urn: string | null;
          next_attempt_at: string | null;
          planned_at: string | null;
          publish_attempts: number;
          publish_claimed_at: string | null;
          publish_error: string | null;
          publish_error_kind: string | null;
          publish_sent_at: string | null;
          publish_status: string;
          published_at: string | null;
          topic: string;
          updated_at: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'posts';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      reconcile_publishing: {
        Args: { stale_after_seconds: number };
        Returns: number;
      };
      record_scheduled_publishing_run: { Args: never; Returns: undefined };
      record_topic_use: {
        Args: { topic: string };
        Returns: {
          created_at: string;
          id: string;
          topic: string;
          used_count: number;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'topic_ideas';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      require_live_session: { Args: never; Returns: boolean };
      retry_first_comment: {
        Args: { p_post_id: string; p_user_id: string };
        Returns: Json;
      };
      scheduled_publishing_last_run: { Args: never; Returns: string };
      session_is_live: { Args: never; Returns: boolean };
      store_api_post_results: {
        Args: { p_user_id: string; results: Json };
        Returns: number;
      };
      take_results_refresh_member: {
        Args: { min_gap_seconds: number };
        Returns: {
          access_token: string;
          user_id: string;
        }[];
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
