from foraccio.cli.demo import play_random_match


def test_a_random_foraccio_match_ends_with_a_winner():
    *_, last = play_random_match("foraccio", 1)
    assert last.phase == "game_over"
    assert max(last.scores) >= 71
