"""What the site may promise. Pages and mails describe a feature only once it works."""

# The matches app sets this to True once play by post works end to end; the home page and the
# welcome mail then describe it (templates/core/home.html, templates/core/welcome_mail.txt).
PLAY_BY_POST = True
