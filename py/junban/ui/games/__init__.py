"""Each game's table UI: setup options, drawing the table from a view, turning clicks into actions, results.

A module here provides: DEFAULT_PLAYERS, DEFAULT_BOTS, default_config(players), adjust_config(config, players),
setup_options(screen), setup_field(screen, name, value), setup_handle(screen, act, arg), setup_config(screen),
new_table_state(), render_table(table), handle(table, act, arg), field(table, name, value), key(table, key, ctrl),
describe_action(table, before_view, action, seat), result_line(table), result_summary(table),
history_entry(session), bucket_label(bucket), history_chart(scores), HISTORY_COLUMNS.
"""
