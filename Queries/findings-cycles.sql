-- name: findings-cycles
-- description: findings: a recording's AttributeGraph cycle reports per attribute (console, trace or run): reports, their positions, and the attributes of their frames
-- params: kind (required), owner (required)
-- internal: yes
SELECT c.attribute, count(*) AS reports, group_concat(c.position) AS positions,
       (SELECT group_concat(DISTINCT f.attribute) FROM cycle_frames f JOIN cycles c2 ON c2.id = f.cycle_id
        WHERE c2.kind = :kind AND c2.owner_id = :owner AND c2.attribute IS c.attribute AND f.attribute IS NOT NULL) AS frame_attributes
FROM cycles c
WHERE c.kind = :kind AND c.owner_id = :owner
GROUP BY c.attribute
ORDER BY min(c.position);
