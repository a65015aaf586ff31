-- tern server rules 16
-- What the store and the clients read of this database: that the rules are on and their
-- version, the roles' namespace, the function every document write goes through, and the
-- function naming the channels a role hears changes on.

INSERT INTO tern_meta (key, value) VALUES ('rules', 'on'), ('rules_version', '{{rules_version}}'),
    ('role_namespace', '{{namespace}}'), ('document_writer', 'tern_write'), ('change_channels', 'tern_channels')
    ON CONFLICT (key) DO UPDATE SET value = excluded.value;
