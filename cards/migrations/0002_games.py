from django.db import migrations


def create_games(apps, schema_editor):
    from cards.games import GAMES

    Game = apps.get_model("cards", "Game")
    for game in GAMES:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)


class Migration(migrations.Migration):
    dependencies = [("cards", "0001_initial")]

    operations = [migrations.RunPython(create_games, migrations.RunPython.noop)]
