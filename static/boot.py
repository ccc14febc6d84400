from game.ui.app import start

start()
