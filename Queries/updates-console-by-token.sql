-- name: updates
-- description: what triggered the body runs in a console log: per token of its _printChanges lines (kind self, identity, dependencies, property, keypath or offset; its name as printed), the lines that name it and the views they are of
-- params: console (required)
-- by: token
SELECT t.kind, t.name AS token, count(*) AS lines, count(DISTINCT b.view) AS views
FROM body_changes b
JOIN body_change_tokens t ON t.body_change_id = b.id
WHERE b.console_id = :console
GROUP BY t.kind, t.name
ORDER BY lines DESC, t.kind, t.name;
