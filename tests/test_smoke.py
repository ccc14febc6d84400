import game


def test_game_package_imports():
    assert game.__name__ == "game"
