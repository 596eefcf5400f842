-- name: xctrace-tables-present
-- description: which tables the reports read an Instruments recording holds: swiftui-updates (and whether it has a downstream-cost column: Xcode 27's layout), swiftui-causes, hitches, potential-hangs (1 or 0 each)
-- params: xctrace (required)
-- internal: yes
SELECT EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-updates') AS updates,
       EXISTS (SELECT 1 FROM xctrace_tables t JOIN xctrace_columns c ON c.table_id = t.id
               WHERE t.recording_id = :xctrace AND t.schema = 'swiftui-updates' AND c.mnemonic = 'downstream-cost') AS downstream,
       EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-causes') AS causes,
       EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema IN ('hitches', 'potential-hangs')) AS windows;
