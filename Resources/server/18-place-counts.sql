-- tern server rules 16
-- A place's posts and savers (issue 29): the posts naming a place are counted on this
-- index, not by reading every post. Who of the people an account follows saved the place
-- needs nothing more: the read policy (03-access.sql) lets an account read another's
-- favorites only in a shared folder, so a private folder's place is never read, counted
-- or hinted at.

CREATE INDEX IF NOT EXISTS documents_by_place ON documents (parent, (data -> 'placeID'));
