"""The editor role: the group „Kartenredaktion“ may write German card texts (on the card page and in the admin)."""

from django.db import migrations

GROUP = "Kartenredaktion"
PERMISSIONS = ["edit_german_text", "view_germancardtext", "change_germancardtext", "add_germancardtext", "view_card"]


def forwards(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after all migrations; the group needs them now.
    config = apps.get_app_config("cards")
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label="cards", codename__in=PERMISSIONS))


def backwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [("cards", "0005_german_text"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(forwards, backwards)]
