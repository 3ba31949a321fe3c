-- private.set_updated_at() was created without a fixed search_path, which Supabase's Security
-- Advisor reports (function_search_path_mutable): a function whose unqualified names resolve
-- through the caller's search_path can be made to run someone else's objects. An empty
-- search_path leaves only pg_catalog, where now() lives, so the body needs no change.
alter function private.set_updated_at() set search_path = '';
