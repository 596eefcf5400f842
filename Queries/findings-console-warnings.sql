-- name: findings-console-warnings
-- description: findings: a console's SwiftUI warnings of state written during an update, per code: how many and their lines
-- params: console (required)
-- internal: yes
SELECT code, count(*) AS warnings, group_concat(position) AS lines, min(message) AS message
FROM console_warnings
WHERE console_id = :console AND code IN ('modifying-state-during-update', 'publishing-during-update')
GROUP BY code
ORDER BY code;
