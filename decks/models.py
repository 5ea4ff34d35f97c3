
# Create your models here.
