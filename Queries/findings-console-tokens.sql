-- name: findings-console-tokens
-- description: findings: a console's re-runs per changed-input token and view: lines that name a property wrapper (_name), @dependencies or a key path, leaving out first appearances (lines with @identity); whether the line named nothing else of the view's own (@self)
-- params: console (required)
-- internal: yes
SELECT t.name AS token, t.kind, b.view, count(*) AS reruns,
       sum(NOT EXISTS (SELECT 1 FROM body_change_tokens s WHERE s.body_change_id = b.id AND s.kind = 'self')) AS without_self,
       group_concat(b.position) AS lines
FROM body_changes b
JOIN body_change_tokens t ON t.body_change_id = b.id
WHERE b.console_id = :console
  AND t.kind IN ('property', 'dependencies', 'keypath')
  AND NOT EXISTS (SELECT 1 FROM body_change_tokens i WHERE i.body_change_id = b.id AND i.kind = 'identity')
GROUP BY t.name, t.kind, b.view
ORDER BY t.name, b.view;
